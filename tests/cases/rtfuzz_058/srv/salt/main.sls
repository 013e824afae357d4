include:
  - a
  - b
s0:
  test.succeed_without_changes:
    - onfail_any:
      - test: s9
      - test: s7
    - require_any:
      - test: s3
      - test: s3
s1:
  test.succeed_with_changes:
    - name: name1
    - onfail_in:
      - sls: main
    - watch:
      - test: s2
s5:
  test.succeed_with_changes:
    - require_in:
      - sls: main
      - test: s7
    - require_in:
      - test: s3
    - listen:
      - test: name1
      - s7
s10:
  test.succeed_without_changes:
    - require:
      - sls: b
    - onfail_any:
      - sls: main
    - onchanges_in:
      - test: s15
      - test: s14
s13:
  test.succeed_without_changes:
    - name: name13
    - order: 3
    - unless: true
s14:
  test.succeed_without_changes:
    - name: name14
    - unless: true
    - watch_in:
      - test: s11
      - s0
    - listen:
      - test: s15
s15:
  test.succeed_with_changes:
    - name: name15
    - listen:
      - test: s8
    - listen:
      - test: s5
      - test: s14
