halitetest-g91:
  group.present:
    - gid: 47191
halitetest-g92:
  group.present:
    - gid: 47191
    - require:
      - group: halitetest-g91
halitetest-g93:
  group.present:
    - members: [root]
    - addusers: [root]
halitetest-g93-b:
  group.present:
    - name: halitetest-g93
    - addusers: [root]
    - delusers: [root]
