id9:
  cmd.run:
    - name: /tmp/n9
    - mode: 755
