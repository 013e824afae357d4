halitetest-g91:
  group.present:
    - gid: 47192
