# Salt's tests/pytests/functional/states/file/test_append.py::test_append_show_changes:
# Salt 3008 reports "<show_changes=False>" as the diff; 3007 ignores the argument.
{% set d = salt['environ.get']('HALITE_SCRATCH') %}
seed:
  file.managed:
    - name: {{ d }}/testfile
    - contents: "#salty!"

append_hidden:
  file.append:
    - name: {{ d }}/testfile
    - text: cheese
    - show_changes: False

append_shown:
  file.append:
    - name: {{ d }}/testfile
    - text: crackers
    - show_changes: True

append_default:
  file.append:
    - name: {{ d }}/testfile
    - text: wine
