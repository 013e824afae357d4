halitetest-g81:
  group.present:
    - delusers:
      - halitetest-u8
halitetest-g82:
  group.present:
    - members: []
