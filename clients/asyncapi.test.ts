/**
 * The official clients' message types agree with the AsyncAPI document (/v1/asyncapi.json, built
 * by server/api/asyncapi-document.ts): the Node client's ClientMessage / ServerMessage unions
 * (clients/node/src/protocol.ts, read with the TypeScript compiler API) have exactly the
 * document's message types, and each message interface and each Python TypedDict
 * (clients/python/scoreline/protocol.py, introspected by python3) declares only fields the
 * document has, requires only fields it requires, and declares every field it requires. Both
 * clients' close codes are codes the document lists (1006 is the client's own: no close frame).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { buildAsyncApi } from '@/server/api/asyncapi-document';
import { WS_CLOSE } from './node/src/protocol';

const ROOT = path.resolve(import.meta.dirname, '..');
const doc = buildAsyncApi() as any;

interface Fields {
  required: string[];
  optional: string[];
}

/** A component schema's properties, following a top-level `$ref`. */
function schemaFields(name: string): Fields {
  let s = doc.components.schemas[name];
  if (s.$ref) s = doc.components.schemas[s.$ref.split('/').pop()];
  const all = Object.keys(s.properties ?? {});
  const required: string[] = s.required ?? [];
  return { required, optional: all.filter((k) => !required.includes(k)) };
}

/** The payload component of the document's message whose `type` is `type` (on any channel). */
function messageSchemaName(type: string): string {
  const m = Object.values(doc.components.messages).find((x: any) => x.name === type) as any;
  if (!m) throw new Error(`no message "${type}" in the AsyncAPI document`);
  return m.payload.$ref.split('/').pop();
}

/** Every message type of the WebSocket in the document (channel message keys are the types): client messages (received) and server messages (sent). */
function documentTypes(): { client: string[]; server: string[] } {
  const client: string[] = [];
  const server: string[] = [];
  for (const op of Object.values(doc.operations) as any[]) {
    if (op.channel.$ref === '#/channels/webhooks') continue;
    const names = (refs: any[]) => refs.map((r) => r.$ref.split('/').pop() as string);
    (op.action === 'receive' ? client : server).push(...names(op.messages));
    if (op.reply) server.push(...names(op.reply.messages));
  }
  return { client: [...new Set(client)].sort(), server: [...new Set(server)].sort() };
}

/** The Node client's protocol.ts: each union's members with their `type` literal and fields. */
function nodeUnions(): Record<'ClientMessage' | 'ServerMessage', Map<string, Fields>> {
  const file = path.join(ROOT, 'clients/node/src/protocol.ts');
  const program = ts.createProgram([file], { strict: true, noEmit: true, noLib: true, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const moduleSymbol = checker.getSymbolAtLocation(source)!;
  const out = {} as Record<'ClientMessage' | 'ServerMessage', Map<string, Fields>>;
  for (const name of ['ClientMessage', 'ServerMessage'] as const) {
    const sym = checker.getExportsOfModule(moduleSymbol).find((s) => s.name === name)!;
    const union = checker.getDeclaredTypeOfSymbol(sym) as ts.UnionType;
    const members = new Map<string, Fields>();
    for (const t of union.types) {
      const props = checker.getPropertiesOfType(t);
      const typeProp = props.find((p) => p.name === 'type')!;
      const literal = checker.getTypeOfSymbol(typeProp) as ts.StringLiteralType;
      const optional = (p: ts.Symbol) => (p.flags & ts.SymbolFlags.Optional) !== 0;
      members.set(literal.value, {
        required: props.filter((p) => !optional(p)).map((p) => p.name),
        optional: props.filter(optional).map((p) => p.name),
      });
    }
    out[name] = members;
  }
  return out;
}

/** Fields of the Python client's TypedDicts, by class name, and its WS_CLOSE codes. */
function pythonProtocol(): { dicts: Record<string, Fields>; close: number[] } {
  const script = `
import importlib.util, json, typing
spec = importlib.util.spec_from_file_location("protocol", ${JSON.stringify(path.join(ROOT, 'clients/python/scoreline/protocol.py'))})
p = importlib.util.module_from_spec(spec)
spec.loader.exec_module(p)
def optional(c, k):
    a = str(c.__annotations__[k])  # strings: protocol.py uses "from __future__ import annotations"
    return a.startswith("NotRequired[") or (not c.__total__ and not a.startswith("Required["))
dicts = {n: {"required": sorted(k for k in c.__annotations__ if not optional(c, k)),
             "optional": sorted(k for k in c.__annotations__ if optional(c, k))}
         for n, c in vars(p).items() if isinstance(c, type) and typing.is_typeddict(c)}
print(json.dumps({"dicts": dicts, "close": list(p.WS_CLOSE.values())}))`;
  return JSON.parse(execFileSync('python3', ['-c', script], { encoding: 'utf8' }));
}

/**
 * A client's message type agrees with the document's: it declares no field the document lacks; for
 * a message it receives (`server`) it requires only what the document requires, for one it sends
 * (`client`) it requires everything the document requires.
 */
function expectAgrees(label: string, direction: 'client' | 'server', mine: Fields, documented: Fields) {
  const all = [...documented.required, ...documented.optional];
  const declared = [...mine.required, ...mine.optional];
  expect(
    declared.filter((k) => !all.includes(k)),
    `${label}: undocumented fields`,
  ).toEqual([]);
  if (direction === 'server')
    expect(
      mine.required.filter((k) => !documented.required.includes(k)),
      `${label}: required but optional in the document`,
    ).toEqual([]);
  else
    expect(
      documented.required.filter((k) => !mine.required.includes(k)),
      `${label}: required, not sent`,
    ).toEqual([]);
}

test("the Node client's message unions are the document's messages, field by field", () => {
  const node = nodeUnions();
  const types = documentTypes();
  expect([...node.ClientMessage.keys()].sort()).toEqual(types.client);
  expect([...node.ServerMessage.keys()].sort()).toEqual(types.server);
  for (const [type, fields] of node.ClientMessage)
    expectAgrees(`node ${type}`, 'client', fields, schemaFields(messageSchemaName(type)));
  for (const [type, fields] of node.ServerMessage) {
    const documented = schemaFields(messageSchemaName(type));
    expectAgrees(`node ${type}`, 'server', fields, documented);
    // Every field the server always sends is declared (a client may still mark it optional).
    const declared = [...fields.required, ...fields.optional];
    expect(
      documented.required.filter((k) => !declared.includes(k)),
      type,
    ).toEqual([]);
  }
  const codes = (doc.channels.connection['x-close-codes'] as { code: number }[]).map((c) => c.code);
  for (const code of Object.values(WS_CLOSE).filter((c) => c !== 1006)) expect(codes).toContain(code);
});

test("the Python client's TypedDicts and close codes agree with the document", () => {
  const py = pythonProtocol();
  const pairs: [string, string][] = [
    ['Subscription', 'WsSubscription'],
    ['LiveMatch', 'LiveMatch'],
    ['MatchEvent', 'MatchEvent'],
    ['OddsTick', 'OddsTick'],
    ['WebhookEnvelope', 'WebhookMatchEvent'],
  ];
  for (const [dict, schema] of pairs) {
    expect(py.dicts[dict], dict).toBeDefined();
    expectAgrees(`python ${dict}`, dict === 'Subscription' ? 'client' : 'server', py.dicts[dict], schemaFields(schema));
  }
  const documented = (doc.channels.connection['x-close-codes'] as { code: number }[]).map((c) => c.code);
  for (const code of py.close.filter((c) => c !== 1006)) expect(documented).toContain(code);
});
