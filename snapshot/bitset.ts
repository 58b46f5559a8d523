// Sets of small numbers (tools, words) as bits in 32-bit words.

/** A set with room for the numbers 0 to size - 1, empty. */
export function bitset(size: number): Uint32Array {
  return new Uint32Array(Math.ceil(size / 32));
}

export function addBit(bits: Uint32Array, n: number): void {
  bits[n >>> 5] = bits[n >>> 5]! | (1 << (n & 31));
}

export function hasBit(bits: Uint32Array, n: number): boolean {
  return (bits[n >>> 5]! & (1 << (n & 31))) !== 0;
}
