halitetest-a.invalid:
  host.present:
    - ip: 192.0.2.20
    - clean: True
halitetest-b.invalid:
  host.absent:
    - ip:
      - 192.0.2.11
      - 2001:db8::11
halitetest-c.invalid:
  host.present:
    - ip: 127.0.0.1
    - comment: loopback too
192.0.2.30:
  host.only:
    - hostnames:
      - halitetest-d.invalid
      - halitetest-e.invalid
