#!/usr/bin/env node
// The `agent-world` executable: registers tsx so the TypeScript CLI runs without a build step.
import { register } from "tsx/esm/api";

register();
await import("./agent-world.ts");
