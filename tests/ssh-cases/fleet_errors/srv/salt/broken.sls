x:
  test.nop:
    - name: {{ pillar['nope'] }}
