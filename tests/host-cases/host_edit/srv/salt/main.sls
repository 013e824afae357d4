/tmp/halitetest-hosts-edit:
  file.managed:
    - replace: False
    - contents: |
        127.0.0.1	localhost
        192.0.2.50	halitetest-x.invalid halitetest-y.invalid	# shared line
        # a comment between entries
        192.0.2.51	halitetest-z.invalid
        192.0.2.50	halitetest-w.invalid
    - order: 1
halitetest-x.invalid:
  host.absent:
    - ip: 192.0.2.50
halitetest-z.invalid:
  host.present:
    - ip: 192.0.2.52
halitetest-w.invalid:
  host.present:
    - ip: 192.0.2.50
    - comment: shared line
192.0.2.51:
  host.only:
    - hostnames: []
192.0.2.60:
  host.only:
    - hostnames: halitetest-v.invalid
