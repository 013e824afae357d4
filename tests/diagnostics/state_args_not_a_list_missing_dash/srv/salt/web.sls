web:
  file.managed:
    name: /tmp/halitetest-diag/x
