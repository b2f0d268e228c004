// The emoji names a reaction may use in the seeded workspace: common standard emoji by their Slack
// names, the workspace's custom emoji, and the aliases Slack stores under another name
// (`thumbsup` is kept as `+1`). A name outside this list is Slack's `invalid_name`.

export const EMOJI_ALIASES: Readonly<Record<string, string>> = {
  thumbsup: "+1",
  thumbsdown: "-1",
  satisfied: "laughing",
  shipit: "squirrel",
};

const STANDARD = `+1 -1 100 alarm_clock arrow_down arrow_up astonished avocado balloon bangbang beers bell
blush boom books bug bulb cake calendar champagne chart_with_downwards_trend
chart_with_upwards_trend checkered_flag clap clinking_glasses clipboard coffee computer confetti_ball
confused construction cookie crossed_fingers cry dart date desktop_computer disappointed dizzy dog
doughnut earth_americas email exclamation eyes face_palm face_with_monocle face_with_rolling_eyes
face_with_thermometer file_folder fire fireworks flushed gear ghost gift globe_with_meridians grimacing
grin grinning handshake hammer_and_wrench hearts heart heart_eyes heavy_check_mark heavy_minus_sign heavy_plus_sign
hourglass hourglass_flowing_sand hugging_face hushed inbox_tray innocent iphone joy key keyboard kissing
laughing large_green_circle large_yellow_circle link lock loudspeaker mag mega memo moneybag muscle
nerd_face neutral_face no_entry no_entry_sign ok ok_hand outbox_tray package pager paperclip
partying_face pencil2 pensive pizza point_down point_left point_right point_up pray pushpin question
rainbow raised_hand raised_hands recycle red_circle relaxed relieved repeat rocket rolling_on_the_floor_laughing
rotating_light scissors scream see_no_evil seedling shrug skull slightly_frowning_face
slightly_smiling_face smile smile_cat smiley smirk sob sparkles speech_balloon squirrel spiral_calendar_pad
star star-struck stopwatch sun_with_face sunglasses sunny sweat sweat_smile taco tada telephone_receiver
thinking_face thought_balloon tired_face traffic_light triangular_flag_on_post trophy turtle two_hearts
unamused unicorn_face upside_down_face v warning wave white_check_mark white_circle wink wrench x
yum zap zzz`;

/** The workspace's custom emoji. */
const CUSTOM = ["lgtm", "ship-it", "this", "brightwave", "party-parrot"];

export const EMOJI_NAMES: readonly string[] = [
  ...STANDARD.split(/\s+/).filter((n) => n !== ""),
  ...CUSTOM,
];
