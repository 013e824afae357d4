include:
  - other
extend:
  x:
    test:
      - require:
        - test: z
      - watch_in:
        - test: z
      - onfail:
        - test: y
      - succeed_without_changes
