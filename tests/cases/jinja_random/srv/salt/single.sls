# one-element sequences: random.choice has one answer
r:
  test.nop:
    - a: {{ range(5, 6) | random }}
    - b: {{ 'x' | random }}
    - c: {{ [2.5] | random }}
    - d: {{ (7,) | random }}
    - e: {{ [{'k': 'v'}] | random }}
