//! Python's `ipaddress` as Salt's network helpers use it: parsing an address
//! (`ip_address`) and a network (`ip_network`, strict or not), and printing both as
//! `str()` does. halite-jinja's network filters share these.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// `ipaddress.ip_address(s)`: dotted IPv4 without leading zeros, or IPv6.
pub fn parse_addr(s: &str) -> Option<IpAddr> {
    if s.contains(':') {
        return s.parse::<Ipv6Addr>().ok().map(IpAddr::V6);
    }
    s.parse::<Ipv4Addr>().ok().map(IpAddr::V4)
}

/// An IPv4 netmask (`255.255.0.0`) or hostmask (`0.0.255.255`) as a prefix length.
pub fn v4_mask_prefix(s: &str) -> Option<u8> {
    let bits = u32::from(s.parse::<Ipv4Addr>().ok()?);
    let ones = bits.leading_ones();
    if bits.checked_shl(ones).unwrap_or(0) == 0 {
        return Some(ones as u8);
    }
    let inv = !bits;
    let ones = inv.leading_ones();
    (inv.checked_shl(ones).unwrap_or(0) == 0).then_some(ones as u8)
}

/// The prefix length of an `addr/PREFIX` string: decimal digits (at most the address's
/// bit count) for either version, or for IPv4 a netmask or hostmask.
pub fn parse_prefix(p: &str, v4: bool) -> Option<u8> {
    let max = if v4 { 32 } else { 128 };
    if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) {
        let digits = p.trim_start_matches('0');
        let n: u32 = if digits.is_empty() {
            0
        } else {
            digits.parse().ok()?
        };
        return (n <= max).then_some(n as u8);
    }
    if v4 {
        v4_mask_prefix(p)
    } else {
        None
    }
}

/// `str(address)`: IPv6 compressed as Python does (the first longest run of two or more
/// zero groups becomes `::`, hex groups always, also for IPv4-mapped addresses).
pub fn addr_string(a: &IpAddr) -> String {
    let v6 = match a {
        IpAddr::V4(v4) => return v4.to_string(),
        IpAddr::V6(v6) => v6,
    };
    let segs = v6.segments();
    let (mut best, mut best_len, mut cur, mut cur_len) = (0usize, 0usize, 0usize, 0usize);
    for (i, s) in segs.iter().enumerate() {
        if *s == 0 {
            if cur_len == 0 {
                cur = i;
            }
            cur_len += 1;
            if cur_len > best_len {
                best = cur;
                best_len = cur_len;
            }
        } else {
            cur_len = 0;
        }
    }
    let hex = |s: &[u16]| {
        s.iter()
            .map(|x| format!("{x:x}"))
            .collect::<Vec<_>>()
            .join(":")
    };
    if best_len > 1 {
        format!("{}::{}", hex(&segs[..best]), hex(&segs[best + best_len..]))
    } else {
        hex(&segs)
    }
}

/// An `ipaddress` network: its network address and prefix length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Network {
    pub addr: IpAddr,
    pub prefix: u8,
}

/// Why `ip_network` refused its argument (the `ValueError` text follows Python's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    /// Neither an IPv4 nor an IPv6 network.
    Invalid,
    /// `strict=True` and the address has bits set right of the prefix: `str()` of the
    /// network as written (`10.0.0.1/8`).
    HostBitsSet(String),
}

fn bits(a: IpAddr) -> u128 {
    match a {
        IpAddr::V4(a) => u32::from(a) as u128,
        IpAddr::V6(a) => u128::from(a),
    }
}

fn max_prefix(a: IpAddr) -> u8 {
    if a.is_ipv4() {
        32
    } else {
        128
    }
}

/// The bits right of a `prefix` of `a`.
fn host_mask(a: IpAddr, prefix: u8) -> u128 {
    let host_bits = u32::from(max_prefix(a) - prefix);
    if host_bits >= 128 {
        u128::MAX
    } else {
        (1u128 << host_bits) - 1
    }
}

impl Network {
    /// `ipaddress.ip_network(s, strict)`: `addr` alone (a /32 or /128) or `addr/prefix`.
    pub fn parse(s: &str, strict: bool) -> Result<Network, NetworkError> {
        let mut parts = s.split('/');
        let addr_part = parts.next().unwrap_or("");
        let prefix_part = parts.next();
        if parts.next().is_some() {
            return Err(NetworkError::Invalid);
        }
        let addr = parse_addr(addr_part).ok_or(NetworkError::Invalid)?;
        let prefix = match prefix_part {
            None => max_prefix(addr),
            Some(p) => parse_prefix(p, addr.is_ipv4()).ok_or(NetworkError::Invalid)?,
        };
        let mask = host_mask(addr, prefix);
        if bits(addr) & mask != 0 && strict {
            return Err(NetworkError::HostBitsSet(format!(
                "{}/{prefix}",
                addr_string(&addr)
            )));
        }
        let net = bits(addr) & !mask;
        let addr = match addr {
            IpAddr::V4(_) => IpAddr::V4(Ipv4Addr::from(net as u32)),
            IpAddr::V6(_) => IpAddr::V6(Ipv6Addr::from(net)),
        };
        Ok(Network { addr, prefix })
    }

    /// `address in network`: false when the versions differ.
    pub fn contains(&self, a: IpAddr) -> bool {
        a.is_ipv4() == self.addr.is_ipv4()
            && bits(a) & !host_mask(a, self.prefix) == bits(self.addr)
    }
}

impl std::fmt::Display for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", addr_string(&self.addr), self.prefix)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn networks_parse_as_ipaddress_does() {
        let n = |s, strict| Network::parse(s, strict).map(|n| n.to_string());
        assert_eq!(n("10.1.2.3/8", false), Ok("10.0.0.0/8".into()));
        assert_eq!(
            n("10.1.2.3/8", true),
            Err(NetworkError::HostBitsSet("10.1.2.3/8".into()))
        );
        assert_eq!(n("10.1.2.3", true), Ok("10.1.2.3/32".into()));
        assert_eq!(
            n("172.17.0.5/255.255.255.240", false),
            Ok("172.17.0.0/28".into())
        );
        assert_eq!(n("172.17.0.5/0.0.0.255", false), Ok("172.17.0.0/24".into()));
        assert_eq!(
            n("2a02:f6e:a000:80:84d8:8332:7866:4e07/64", false),
            Ok("2a02:f6e:a000:80::/64".into())
        );
        assert_eq!(n("::1/ffff::", false), Err(NetworkError::Invalid));
        assert_eq!(n("1.2.3.4/33", false), Err(NetworkError::Invalid));
        assert_eq!(n("1.2.3.4/", false), Err(NetworkError::Invalid));
        assert_eq!(n("1.2.3.4/1/2", false), Err(NetworkError::Invalid));
        assert_eq!(n("01.2.3.4/8", false), Err(NetworkError::Invalid));
        assert_eq!(n("0.0.0.0/0", true), Ok("0.0.0.0/0".into()));
        assert_eq!(n("::/0", true), Ok("::/0".into()));
    }

    #[test]
    fn containment_needs_the_same_version() {
        let net = Network::parse("172.16.0.0/12", true).unwrap();
        assert!(net.contains("172.17.0.4".parse().unwrap()));
        assert!(!net.contains("172.32.0.1".parse().unwrap()));
        assert!(!net.contains("::ffff:172.17.0.4".parse().unwrap()));
        let all = Network::parse("0.0.0.0/0", true).unwrap();
        assert!(all.contains("255.255.255.255".parse().unwrap()));
    }
}
