halitetest-u17:
  user.present:
    - uid: 47017
    - fullname: Doe, John
halitetest-u17-b:
  user.present:
    - name: halitetest-u17
    - uid: 47017
    - optional_groups:
      - halitetest-nosuch17
    - workphone: 12345
    - other: "a,b,c"
halitetest-u17-c:
  user.present:
    - name: halitetest-u17
    - groups: []
    - require:
      - user: halitetest-u17-b
