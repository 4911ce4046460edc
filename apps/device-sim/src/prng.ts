/**
 * A small seeded PRNG (sfc32, seeded through a string hash) so that a fleet built from the same seed
 * is the same fleet: SNs, MACs, models, topology, clients. Independent streams are derived by label
 * (`rng.fork('net3')`), so adding a network does not shift the randomness of the others.
 */

/** 128 bits of state from any text (cyrb128). */
function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A 32-bit hash of a text, e.g. to spread MAC prefixes by SN prefix. */
export function hash32(text: string): number {
  return hash128(text)[0];
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private readonly label: string;

  constructor(seed: string | number) {
    this.label = String(seed);
    [this.a, this.b, this.c, this.d] = hash128(this.label);
    for (let i = 0; i < 12; i++) this.next();
  }

  /** An independent stream: the same parent seed and label always give the same stream. */
  fork(label: string): Rng {
    return new Rng(`${this.label}/${label}`);
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Log-uniform in [min, max]: many small values, a few big ones (traffic rates). */
  logUniform(min: number, max: number): number {
    return Math.exp(this.float(Math.log(min), Math.log(max)));
  }

  /** How many of `expected` events happen in one draw: floor plus a Bernoulli on the fraction. */
  count(expected: number): number {
    if (expected <= 0) return 0;
    const whole = Math.floor(expected);
    return whole + (this.next() < expected - whole ? 1 : 0);
  }

  /** `n` upper-case hex digits. */
  hex(n: number): string {
    let out = '';
    for (let i = 0; i < n; i++) out += HEX[Math.floor(this.next() * 16)];
    return out;
  }
}

const HEX = '0123456789ABCDEF';
