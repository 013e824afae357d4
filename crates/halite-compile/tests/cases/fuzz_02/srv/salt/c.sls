id7:
  cmd.run:
    - mode: 755
