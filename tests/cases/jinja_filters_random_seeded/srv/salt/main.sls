# salt/utils/data.py's random_sample and random_shuffle: a seed goes through Salt's own
# `hash` (sha512 of a string or bytes seed) into random.Random, so the same seed gives the
# same sample every run; without one only the size is fixed.
{% set r = {
  'seed_abc': range(10) | list | random_sample(4, seed='abc'),
  'positional_seed': range(100) | list | random_sample(10, 'halite'),
  'big_population': range(1000) | list | random_sample(20, 'x'),
  'shuffle_string': 'abcdef' | random_shuffle(seed='s'),
  'empty_seed': ['a', 'b', 'c'] | random_shuffle(''),
  'unseeded': [range(10) | list | random_sample(3) | length, [1, 2, 3] | random_shuffle | sort],
} %}
results:
  test.show_notification:
    - text: {{ r | tojson | yaml_dquote }}

