import { DurableObject } from "cloudflare:workers";
import { QuickJS } from "quickjs-wasi";
import wasm from "quickjs-wasi/quickjs.wasm";
export class EpisodeDO extends DurableObject<Env> {
  async hello() {
    this.ctx.storage.sql.exec("create table if not exists t(x)");
    this.ctx.storage.sql.exec("insert into t values (1)");
    const n = this.ctx.storage.sql.exec("select count(*) as n from t").one().n;
    const vm = await QuickJS.create({ wasm, memoryLimit: 8 << 20 });
    const fn = vm.newFunction("q", () => vm.newNumber(Number(n)));
    vm.setProp(vm.global, "q", fn);
    const v = vm.evalCode("q() + 41").toNumber();
    return { n, v };
  }
}
