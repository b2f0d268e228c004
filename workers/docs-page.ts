// A self-contained API reference page: it reads the OpenAPI document and lists every operation
// with its parameters and schemas. No CDN, so it works offline on a laptop too.
export function docsPage(specUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Agent World API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24;background:#fafafa}
header{background:#14213d;color:#fff;padding:18px 32px}header h1{margin:0;font-size:22px}
main{max-width:980px;margin:0 auto;padding:16px 32px}h2{margin-top:32px;border-bottom:1px solid #ddd}
details{background:#fff;border:1px solid #e3e3e3;border-radius:6px;margin:8px 0;padding:8px 12px}
summary{cursor:pointer}code,pre{font:13px ui-monospace,monospace}pre{background:#f3f3f3;padding:8px;overflow:auto}
.m{display:inline-block;min-width:58px;font-weight:700;text-transform:uppercase}
.get{color:#1f7a1f}.post{color:#1d4ed8}.delete{color:#b91c1c}
</style></head>
<body><header><h1>Agent World API</h1><div>OpenAPI: <a style="color:#9ecbff" href="${specUrl}">${specUrl}</a></div></header>
<main id="root">Loading…</main>
<script>
// Shows referenced schemas in place (a few levels deep; recursive ones stay as $ref).
function inline(value,spec,depth){
  if(Array.isArray(value))return value.map(v=>inline(v,spec,depth));
  if(!value||typeof value!=="object")return value;
  if(typeof value.$ref==="string"&&depth<4){
    const target=value.$ref.slice(2).split("/").reduce((o,k)=>o&&o[k],spec);
    if(target)return inline(target,spec,depth+1);
  }
  return Object.fromEntries(Object.entries(value).map(([k,v])=>[k,inline(v,spec,depth)]));
}
fetch(${JSON.stringify(specUrl)}).then(r=>r.json()).then(spec=>{
  const root=document.getElementById("root");root.textContent="";
  const p=document.createElement("p");p.textContent=spec.info.description||"";root.append(p);
  const byTag={};
  for(const [path,ops] of Object.entries(spec.paths||{}))for(const [method,op] of Object.entries(ops)){
    const tag=(op.tags&&op.tags[0])||"Other";(byTag[tag]??=[]).push({path,method,op});}
  for(const [tag,ops] of Object.entries(byTag)){
    const h=document.createElement("h2");h.textContent=tag;root.append(h);
    for(const {path,method,op} of ops){
      const d=document.createElement("details");const s=document.createElement("summary");
      const m=document.createElement("span");m.className="m "+method;m.textContent=method;
      const c=document.createElement("code");c.textContent=" "+path+"  ";
      s.append(m,c,document.createTextNode(op.summary||""));d.append(s);
      const pre=document.createElement("pre");
      const shown={description:op.description,parameters:op.parameters,requestBody:op.requestBody,responses:op.responses};
      pre.textContent=JSON.stringify(inline(shown,spec,0),null,2);
      d.append(pre);root.append(d);}}
}).catch(e=>{document.getElementById("root").textContent="Could not load the OpenAPI document: "+e});
</script></body></html>`;
}
