sub_state:
  test.nop:
    - name: {{ pillar.get('word', 'none') }}
