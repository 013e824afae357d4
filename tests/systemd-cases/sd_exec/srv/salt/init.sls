# the host-dependent lists (every unit of the host) are checked for the test units only;
# `After` comes in systemd's hash order, compared sorted
{% set all = salt['service.get_all']() %}
{% set running = salt['service.get_running']() %}
{% set enabled = salt['service.get_enabled']() %}
{% set disabled = salt['service.get_disabled']() %}
{% set static = salt['service.get_static']() %}
{% set show = salt['service.show']('halitetestsd-a') %}
lists:
  test.configurable_test_state:
    - changes: False
    - comment: >-
        all={{ all | select('match', 'halitetestsd') | list }}
        running={{ running | select('match', 'halitetestsd') | list }}
        enabled={{ enabled | select('match', 'halitetestsd') | list }}
        disabled={{ disabled | select('match', 'halitetestsd') | list }}
        static={{ static | select('match', 'halitetestsd') | list }}
        all_sorted={{ all == all | sort }}
show:
  test.configurable_test_state:
    - changes: False
    - comment: >-
        {% for k in ['Id', 'Names', 'LoadState', 'ActiveState', 'SubState', 'UnitFileState', 'Description', 'ExecStart', 'Type', 'Restart', 'WantedBy', 'Wants', 'FragmentPath', 'CanReload', 'Environment'] %}{{ k }}={{ show.get(k, '<none>') | json }} {% endfor %}After={{ show.After | sort | json }}
