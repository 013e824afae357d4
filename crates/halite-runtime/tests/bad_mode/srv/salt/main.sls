{% set s = salt['environ.get']('HALITE_SCRATCH') %}
# Modes chmod cannot take. Salt writes the file first (mode 0600), then fails "Failed to
# change mode to X"; for a new directory it creates it, then raises ValueError. halite fails
# the same way without writing anything (tests/bad_mode.rs, docs/compat.md).
setup:
  cmd.run:
    - name: printf 'old\n' > {{ s }}/exist
m_list:
  file.managed:
    - name: {{ s }}/m_list
    - contents: x
    - mode: [1, 2]
m_abc:
  file.managed:
    - name: {{ s }}/m_abc
    - contents: x
    - mode: abc
m_dict:
  file.managed:
    - name: {{ s }}/m_dict
    - source: salt://files/src.txt
    - mode: {a: 1}
m_889:
  file.managed:
    - name: {{ s }}/m_889
    - source: salt://files/src.txt
    - mode: 889
m_exist:
  file.managed:
    - name: {{ s }}/exist
    - contents: new
    - mode: abc
d_abc:
  file.directory:
    - name: {{ s }}/d_abc
    - mode: abc
d_xyz:
  file.directory:
    - name: {{ s }}/d_xyz/sub
    - dir_mode: xyz
    - makedirs: True
