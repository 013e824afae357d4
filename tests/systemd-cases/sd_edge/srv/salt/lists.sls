# execs and get_static list every unit of the host: checked for the test units only
{% set execs = salt['service.execs']() %}
lists:
  test.configurable_test_state:
    - changes: False
    - comment: >-
        execs={{ execs | dictsort | selectattr(0, 'match', 'halitetestsd') | list | json }}
        static={{ salt['service.get_static']() | select('match', 'halitetestsd') | list }}
