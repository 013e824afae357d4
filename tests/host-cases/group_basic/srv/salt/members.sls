halitetest-g81:
  group.present:
    - members:
      - halitetest-u9
      - halitetest-u8
halitetest-g82:
  group.present:
    - addusers:
      - halitetest-u9
