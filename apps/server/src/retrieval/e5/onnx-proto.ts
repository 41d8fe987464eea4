/**
 * Just enough of ONNX's protobuf schema (onnx.proto, proto2) to write a model: onnxruntime's
 * JavaScript API runs graphs but cannot build one, and the dozen messages written here do not
 * justify a protobuf code generator and the whole schema. Field numbers are onnx.proto's.
 */

type Field = Uint8Array;

function varint(value: number | bigint): number[] {
  let v = BigInt.asUintN(64, BigInt(value));
  const bytes: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    bytes.push(byte);
  } while (v > 0n);
  return bytes;
}

const tag = (field: number, wire: number) => varint((field << 3) | wire);
const intField = (field: number, value: number): Field =>
  Uint8Array.from([...tag(field, 0), ...varint(value)]);

function bytesField(field: number, payload: Uint8Array): Field {
  const head = [...tag(field, 2), ...varint(payload.byteLength)];
  const out = new Uint8Array(head.length + payload.byteLength);
  out.set(head, 0);
  out.set(payload, head.length);
  return out;
}

const stringField = (field: number, value: string): Field =>
  bytesField(field, new TextEncoder().encode(value));

function floatField(field: number, value: number): Field {
  const out = new Uint8Array([...tag(field, 5), 0, 0, 0, 0]);
  new DataView(out.buffer).setFloat32(out.length - 4, value, true);
  return out;
}

function message(fields: Field[]): Uint8Array {
  const out = new Uint8Array(fields.reduce((sum, field) => sum + field.byteLength, 0));
  let at = 0;
  for (const field of fields) {
    out.set(field, at);
    at += field.byteLength;
  }
  return out;
}

export const DataType = { FLOAT: 1, UINT8: 2, INT8: 3, INT32: 6, INT64: 7 } as const;

export type Attribute =
  | { name: string; int: number }
  | { name: string; float: number }
  | { name: string; ints: number[] }
  | { name: string; string: string };

export type Node = {
  op: string;
  inputs: string[];
  outputs: string[];
  domain?: string;
  attributes?: Attribute[];
};

export type Initializer = { name: string; type: number; dims: number[]; raw: Uint8Array };

/** A graph input or output: its element type and shape (a string is a named free dimension). */
export type ValueInfo = { name: string; type: number; shape: (number | string)[] };

function attribute(attr: Attribute): Uint8Array {
  const fields = [stringField(1, attr.name)];
  if ('int' in attr) fields.push(intField(3, attr.int), intField(20, 2));
  else if ('float' in attr) fields.push(floatField(2, attr.float), intField(20, 1));
  else if ('ints' in attr) fields.push(...attr.ints.map((v) => intField(8, v)), intField(20, 7));
  else fields.push(stringField(4, attr.string), intField(20, 3));
  return message(fields);
}

function node(n: Node, index: number): Uint8Array {
  return message([
    ...n.inputs.map((name) => stringField(1, name)),
    ...n.outputs.map((name) => stringField(2, name)),
    stringField(3, `${n.op}_${index}`),
    stringField(4, n.op),
    ...(n.attributes ?? []).map((attr) => bytesField(5, attribute(attr))),
    ...(n.domain ? [stringField(7, n.domain)] : []),
  ]);
}

function tensor(t: Initializer): Uint8Array {
  return message([
    ...t.dims.map((d) => intField(1, d)),
    intField(2, t.type),
    stringField(8, t.name),
    bytesField(9, t.raw),
  ]);
}

function valueInfo(v: ValueInfo): Uint8Array {
  const dims = v.shape.map((d) =>
    bytesField(1, typeof d === 'number' ? message([intField(1, d)]) : message([stringField(2, d)])),
  );
  const tensorType = message([intField(1, v.type), bytesField(2, message(dims))]);
  return message([stringField(1, v.name), bytesField(2, message([bytesField(1, tensorType)]))]);
}

export type Graph = {
  name: string;
  nodes: Node[];
  initializers: Initializer[];
  inputs: ValueInfo[];
  outputs: ValueInfo[];
  /** Operator sets by domain ('' is the default ONNX domain). */
  opsets: Record<string, number>;
};

/** The serialized ModelProto. */
export function encodeModel(graph: Graph): Uint8Array {
  const graphProto = message([
    ...graph.nodes.map((n, i) => bytesField(1, node(n, i))),
    stringField(2, graph.name),
    ...graph.initializers.map((t) => bytesField(5, tensor(t))),
    ...graph.inputs.map((v) => bytesField(11, valueInfo(v))),
    ...graph.outputs.map((v) => bytesField(12, valueInfo(v))),
  ]);
  return message([
    intField(1, 9),
    stringField(2, 'samvad'),
    bytesField(7, graphProto),
    ...Object.entries(graph.opsets).map(([domain, version]) =>
      bytesField(8, message([...(domain ? [stringField(1, domain)] : []), intField(2, version)])),
    ),
  ]);
}
