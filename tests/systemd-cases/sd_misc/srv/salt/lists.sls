lists:
  test.configurable_test_state:
    - changes: False
    - comment: >-
        enabled={{ salt['service.get_enabled']() | select('match', 'halitetestsd') | list }}
        disabled={{ salt['service.get_disabled']() | select('match', 'halitetestsd') | list }}
        all={{ salt['service.get_all']() | select('match', 'halitetestsd') | list }}
        running={{ salt['service.get_running']() | select('match', 'halitetestsd') | list }}
