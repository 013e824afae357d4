id0:
  file.managed:
    - mode: 755
