# Salt's `hash` of a seed that is not text fails (hashlib wants bytes).
int_seed:
  test.show_notification:
    - text: {{ [1, 2, 3] | random_shuffle(seed=42) }}
