include:
  - base_states
extend:
  conf:
    file:
      - contents: two
      - require:
        - test: extra
exclude:
  - id: dropped
extra:
  test.nop
