#!yaml
types:
  test.nop:
    - octal: 0644
    - octal_o: 0o644
    - bad_octal: 0999
    - sci: 1e3
    - float: 1.10
    - date: 2024-01-31
    - stamp: 2024-01-31 10:00:00
    - yes_: yes
    - off_: off
    - y_: y
    - null_: ~
    - sexa: 1:20
    - hex: 0x1F
    - quoted: '0644'
    - under: 1_000
    - neg: -12
    - inf: .inf
    - multi: |
        line one
        line two
    - folded: >
        folded
        text
    - anchors: &a {k: v}
    - alias: *a
    - merged:
        <<: *a
        extra: 1
