target_id:
  test.nop
named_target:
  file.managed:
    - name: /tmp/named
src:
  test.nop:
    - require_in:
      - target_id
      - /tmp/named
      - nothing_matches
