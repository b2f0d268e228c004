// The Chinook tools in the order agents see them: each `<name>.js` implementation has its
// metadata and tests in `<name>.meta.ts`.
import type { ToolMeta } from "../../tool-meta";
import add_tracks_to_playlist from "./add_tracks_to_playlist.meta";
import create_invoice from "./create_invoice.meta";
import create_playlist from "./create_playlist.meta";
import find_customer from "./find_customer.meta";
import get_album from "./get_album.meta";
import get_customer from "./get_customer.meta";
import get_invoice from "./get_invoice.meta";
import list_customer_invoices from "./list_customer_invoices.meta";
import list_support_reps from "./list_support_reps.meta";
import reassign_support_rep from "./reassign_support_rep.meta";
import refund_invoice_line from "./refund_invoice_line.meta";
import remove_track_from_playlist from "./remove_track_from_playlist.meta";
import search_artists from "./search_artists.meta";
import search_tracks from "./search_tracks.meta";
import update_customer_contact from "./update_customer_contact.meta";

export const chinookTools: Readonly<Record<string, ToolMeta>> = {
  search_tracks,
  search_artists,
  get_album,
  find_customer,
  get_customer,
  update_customer_contact,
  list_support_reps,
  reassign_support_rep,
  list_customer_invoices,
  get_invoice,
  create_invoice,
  refund_invoice_line,
  create_playlist,
  add_tracks_to_playlist,
  remove_track_from_playlist,
};
