id11:
  cmd.run:
    - name: /tmp/n11
