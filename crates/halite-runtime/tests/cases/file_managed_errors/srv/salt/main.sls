{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
both:
  file.managed:
    - name: {{ s }}/both
    - source: salt://x
    - contents: y
two_contents:
  file.managed:
    - name: {{ s }}/two
    - contents: a
    - contents_pillar: b
empty_not_allowed:
  file.managed:
    - name: {{ s }}/empty
    - contents: ''
    - allow_empty: False
no_newline:
  file.managed:
    - name: {{ s }}/nonl
    - contents: |
        line one
        line two
    - contents_newline: False
show_nonl:
  cmd.run:
    - name: od -c {{ s }}/nonl | head -2
replace_false_new:
  file.managed:
    - name: {{ s }}/rfn
    - contents: fresh
    - replace: False
is_dir:
  file.managed:
    - name: {{ s }}
    - contents: x
bad_user:
  file.managed:
    - name: {{ s }}/bu
    - contents: x
    - user: nosuchuserxyz
missing_pillar:
  file.managed:
    - name: {{ s }}/mp
    - contents_pillar: no:such:key
