/tmp/halitetest-hosts-basic:
  file.managed:
    - replace: False
    - contents: |
        # halitetest hosts file
        127.0.0.1	localhost
        ::1	localhost ip6-localhost
    - require_in:
      - host: halitetest-a.invalid
      - host: halitetest-b.invalid
      - host: halitetest-c.invalid
halitetest-a.invalid:
  host.present:
    - ip: 192.0.2.10
halitetest-b.invalid:
  host.present:
    - ip:
      - 2001:db8::11
    - comment: an IPv6 address
halitetest-b4:
  host.present:
    - name: halitetest-b.invalid
    - ip: 192.0.2.11
    - require_in:
      - host: halitetest-b.invalid
halitetest-c.invalid:
  host.present:
    - ip: 127.0.0.1
