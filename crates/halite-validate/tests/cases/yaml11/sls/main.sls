scalars:
  test.present:
    - yes_: yes
    - no_: no
    - on_: on
    - off_: Off
    - octal: 0644
    - hex: 0x1F
    - sexa: 1:20
    - exp: 1.5e3
    - exp2: 1.5e+3
    - date: 2024-01-02
    - ts: 2024-01-02 10:11:12
    - null_: ~
    - tilde_str: "~"
    - float: .5
    - inf: .inf
    - zeros: 000
    - neg: -017
