base:
  '*':
    - base_states
    - overrides
