// Images and annotated messages.
// - image: no properties, a name with the word `image` and a description saying it returns an
//   image (`get-tiny-image`). Answers as the reference server does (text, image, text) with a
//   16x16 PNG drawn here, so the closing sentence says it stands in for the server's logo.
// - annotated message: a string enum property whose values are among error/success/debug, at most
//   one boolean property about an image, and a description about annotations. Answers the
//   reference server's message for the type, with its priority and audience annotations, and the
//   image (priority 0.5, audience user) when asked.

import type { Json } from "../../base/json";
import type { ToolTest } from "../../environment/spec";
import { bytesToBase64 } from "../../episode/sql-values";
import type { JsonObject } from "../../mcp/spec-schema";
import type { Field } from "../../mcp/tool-json-schema";
import { encodePng } from "./bytes";
import {
  descriptionOf,
  nameWords,
  propertiesOf,
  stringEnum,
  text,
  toolFunction,
  type UtilityKind,
} from "./kind";

export const IMAGE_SIZE = 16;

/** Dark diagonal strokes on a transparent square: a small, valid, recognisably drawn PNG. */
function logoPixels(): Uint8Array {
  const px = new Uint8Array(IMAGE_SIZE * IMAGE_SIZE * 4);
  for (let y = 0; y < IMAGE_SIZE; y++) {
    for (let x = 0; x < IMAGE_SIZE; x++) {
      const inside = x >= 2 && x <= 13 && y >= 2 && y <= 13;
      if (!inside || (x + y) % 5 >= 2) continue;
      px.set([0x1f, 0x1f, 0x1f, 0xff], (y * IMAGE_SIZE + x) * 4);
    }
  }
  return px;
}

/** The base64 PNG every image tool of this surface returns. */
export const TINY_PNG_BASE64 = bytesToBase64(encodePng(IMAGE_SIZE, IMAGE_SIZE, logoPixels()));

const imageBlock = (annotations?: JsonObject): JsonObject => ({
  type: "image",
  data: TINY_PNG_BASE64,
  mimeType: "image/png",
  ...(annotations ? { annotations } : {}),
});

export const imageKind: UtilityKind = {
  name: "image",
  matches(tool) {
    return (
      propertiesOf(tool).length === 0 &&
      nameWords(tool).includes("image") &&
      /^\s*(returns?|gets?|shows?)\b.*\bimage\b/i.test(descriptionOf(tool))
    );
  },
  build() {
    const result: Json = {
      content: [
        text("Here's the image you requested:"),
        imageBlock(),
        text("The image above is a 16x16 stand-in for the MCP logo."),
      ],
    };
    return {
      effect: "read",
      table: "",
      implementation: (name) => toolFunction(name, { result }, "return C.result;"),
      tests: [
        {
          name: "returns the PNG between two captions",
          args: {},
          expect: { result, match: "exact" },
        },
      ],
    };
  },
};

/** The reference server's message, priority and audience for each message type. */
const messages: Record<string, JsonObject> = {
  error: text("Error: Operation failed"),
  success: text("Operation completed successfully"),
  debug: text("Debug: Cache hit ratio 0.95, latency 150ms"),
};
const annotations: Record<string, JsonObject> = {
  error: { priority: 1.0, audience: ["user", "assistant"] },
  success: { priority: 0.7, audience: ["user"] },
  debug: { priority: 0.3, audience: ["assistant"] },
};

function annotatedFields(fields: Field[]): { type?: Field; image?: Field } {
  const type = fields.find((f) => {
    const values = stringEnum(f.schema);
    return values?.every((v) => Object.hasOwn(messages, v)) === true;
  });
  const image = fields.find((f) => f.schema.type === "boolean" && /image/i.test(f.name));
  return { type, image };
}

export const annotatedMessageKind: UtilityKind = {
  name: "annotated-message",
  matches(tool) {
    const fields = propertiesOf(tool);
    const { type, image } = annotatedFields(fields);
    const expected = 1 + (image ? 1 : 0);
    return (
      type !== undefined &&
      fields.length === expected &&
      /\bannotations?\b/i.test(descriptionOf(tool))
    );
  },
  build(tool) {
    const { type, image } = annotatedFields(propertiesOf(tool));
    const typeArg = type?.name ?? "messageType";
    const values = (type && stringEnum(type.schema)) ?? [];
    const blocks: Record<string, Json> = {};
    for (const v of values) blocks[v] = { ...messages[v], annotations: annotations[v] ?? {} };
    const C = {
      typeArg,
      imageArg: image?.name ?? null,
      blocks,
      image: imageBlock({ priority: 0.5, audience: ["user"] }),
    };
    const tests: ToolTest[] = values.map((v) => ({
      name: `annotates the ${v} message`,
      args: { [typeArg]: v },
      expect: { result: { content: [blocks[v] ?? null] }, match: "exact" },
    }));
    const first = values[0];
    if (image && first !== undefined) {
      tests.push({
        name: "adds the annotated image when asked",
        args: { [typeArg]: first, [image.name]: true },
        expect: { result: { content: [blocks[first] ?? null, C.image] }, match: "exact" },
      });
    }
    return {
      effect: "read",
      table: "",
      implementation: (name) =>
        toolFunction(
          name,
          C,
          `const content = [C.blocks[args[C.typeArg]]];
  if (C.imageArg !== null && args[C.imageArg] === true) content.push(C.image);
  return { content: content };`,
        ),
      tests,
    };
  },
};
