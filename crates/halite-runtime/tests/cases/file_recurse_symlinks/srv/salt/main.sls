{% set s = salt['environ.get']('HALITE_SCRATCH') %}
# Kept symlinks: a chain of links (l3 -> l2 -> l1 -> a.txt), a link to a directory, a link to
# an empty directory (not managed without include_empty), an absolute and a dangling link.
links:
  file.recurse:
    - name: {{ s }}/links
    - source: salt://tree
    - keep_symlinks: True
links_empty:
  file.recurse:
    - name: {{ s }}/links_empty
    - source: salt://tree
    - keep_symlinks: True
    - include_empty: True
links2:
  file.recurse:
    - name: {{ s }}/links2
    - source: salt://tree2
    - keep_symlinks: True
    - force_symlinks: True
followed:
  file.recurse:
    - name: {{ s }}/followed
    - source: salt://tree2
report:
  cmd.run:
    - name: cd {{ s }} && find links links_empty links2 followed -printf '%p %y %l\n' 2>/dev/null | sort
    - order: last
