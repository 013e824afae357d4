halitetest-g81:
  group.absent
halitetest-g82:
  group.absent
halitetest-nosuchgroup8:
  group.absent
