//! Salt's `random_sample` and `random_shuffle` filters (salt/utils/data.py `sample`,
//! `shuffle`): `random.sample(value, size)`, or with a seed
//! `random.Random(hash(seed)).sample(value, size)` on Python's Mersenne Twister, so a seed
//! gives Salt's very sample. `hash` there is salt.utils.data's own (the sha512 hex digest of
//! a string or bytes seed; any other seed fails: "object supporting the buffer API
//! required"), and `random.Random(text)` seeds with the integer of the text's bytes and
//! their sha512 digest.

use super::{add, mut_list, to_list, FilterResult};
use crate::args::{py_type, type_error};
use minijinja::value::{Value, ValueKind};
use minijinja::{Environment, Error, ErrorKind, State};

pub fn register(env: &mut Environment<'static>) {
    add(env, "random_sample", |s, v, a| {
        let size = a.require(0, "size", "sample")?;
        let size = size.as_i64().ok_or_else(|| {
            type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                py_type(&size)
            ))
        })?;
        sample(s, v, size, a.get_some(1, "seed"))
    });
    add(env, "random_shuffle", |s, v, a| {
        let n = v.len().unwrap_or(0) as i64;
        sample(s, v, n, a.get_some(0, "seed"))
    });
}

fn sample(_: &State, v: Value, k: i64, seed: Option<Value>) -> FilterResult {
    // random.sample wants a sequence (a list, tuple, string or range)
    if !matches!(v.kind(), ValueKind::Seq | ValueKind::String) {
        return Err(type_error(
            "Population must be a sequence.  For dicts or sets, use sorted(d).",
        ));
    }
    let population = to_list(&v)?;
    let n = population.len();
    if k < 0 || k as usize > n {
        return Err(Error::new(
            ErrorKind::InvalidOperation,
            "Sample larger than population or is negative",
        ));
    }
    let k = k as usize;
    let mut mt = match seed {
        None => Mt::seeded(&urandom_words()),
        Some(seed) => {
            let bytes = match seed.kind() {
                ValueKind::String => seed.as_str().unwrap_or_default().as_bytes().to_vec(),
                ValueKind::Bytes => seed.as_bytes().unwrap_or_default().to_vec(),
                _ => {
                    return Err(type_error("object supporting the buffer API required"));
                }
            };
            // random.Random(str): int.from_bytes(a + sha512(a).digest(), 'big')
            let text = halite_exec::hashes::sha512_hex(&bytes);
            let mut data = text.as_bytes().to_vec();
            data.extend(hex_bytes(&halite_exec::hashes::sha512_hex(text.as_bytes())));
            Mt::seeded(&be_bytes_to_words(&data))
        }
    };
    let mut result = Vec::with_capacity(k);
    let mut setsize = 21usize;
    if k > 5 {
        // 4 ** ceil(log(k * 3, 4))
        let e = ((k * 3) as f64).log(4.0).ceil() as u32;
        setsize += 4usize.saturating_pow(e);
    }
    if n <= setsize {
        let mut pool = population;
        for i in 0..k {
            let j = mt.below((n - i) as u64) as usize;
            result.push(pool[j].clone());
            pool[j] = pool[n - i - 1].clone();
        }
    } else {
        let mut selected = std::collections::HashSet::new();
        for _ in 0..k {
            let mut j = mt.below(n as u64) as usize;
            while selected.contains(&j) {
                j = mt.below(n as u64) as usize;
            }
            selected.insert(j);
            result.push(population[j].clone());
        }
    }
    Ok(mut_list(result))
}

fn hex_bytes(hex: &str) -> Vec<u8> {
    (0..hex.len() / 2)
        .filter_map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok())
        .collect()
}

/// The 32-bit words (least significant first) of the big-endian integer `data`, as
/// `random_seed` splits a Python int; `[0]` for zero.
fn be_bytes_to_words(data: &[u8]) -> Vec<u32> {
    let mut words = Vec::new();
    for chunk in data.rchunks(4) {
        let mut w = 0u32;
        for &b in chunk {
            w = (w << 8) | u32::from(b);
        }
        words.push(w);
    }
    while words.len() > 1 && words.last() == Some(&0) {
        words.pop();
    }
    if words.is_empty() {
        words.push(0);
    }
    words
}

fn urandom_words() -> Vec<u32> {
    super::hashes::urandom(16)
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// MT19937 as CPython's `_random` seeds and draws it.
struct Mt {
    state: [u32; 624],
    index: usize,
}

impl Mt {
    fn init(s: u32) -> Mt {
        let mut state = [0u32; 624];
        state[0] = s;
        for i in 1..624 {
            state[i] = 1_812_433_253u32
                .wrapping_mul(state[i - 1] ^ (state[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        Mt { state, index: 624 }
    }

    /// `random_seed` with an int given as its 32-bit words, least significant first:
    /// `init_by_array`.
    fn seeded(key: &[u32]) -> Mt {
        let mut mt = Mt::init(19_650_218);
        let mt_ = &mut mt.state;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..624.max(key.len()) {
            mt_[i] = (mt_[i] ^ (mt_[i - 1] ^ (mt_[i - 1] >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= 624 {
                mt_[0] = mt_[623];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..623 {
            mt_[i] = (mt_[i] ^ (mt_[i - 1] ^ (mt_[i - 1] >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= 624 {
                mt_[0] = mt_[623];
                i = 1;
            }
        }
        mt_[0] = 0x8000_0000;
        mt
    }

    fn next_u32(&mut self) -> u32 {
        if self.index >= 624 {
            for k in 0..624 {
                let y = (self.state[k] & 0x8000_0000) | (self.state[(k + 1) % 624] & 0x7fff_ffff);
                let mut v = self.state[(k + 397) % 624] ^ (y >> 1);
                if y & 1 != 0 {
                    v ^= 0x9908_b0df;
                }
                self.state[k] = v;
            }
            self.index = 0;
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `getrandbits(k)`, k <= 64.
    fn bits(&mut self, k: u32) -> u64 {
        if k == 0 {
            return 0;
        }
        if k <= 32 {
            return u64::from(self.next_u32() >> (32 - k));
        }
        let low = u64::from(self.next_u32());
        let high = u64::from(self.next_u32() >> (64 - k));
        low | (high << 32)
    }

    /// `_randbelow(n)`, n > 0.
    fn below(&mut self, n: u64) -> u64 {
        let k = 64 - n.leading_zeros();
        loop {
            let r = self.bits(k);
            if r < n {
                return r;
            }
        }
    }
}
