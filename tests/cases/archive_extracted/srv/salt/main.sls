{% set d = salt['environ.get']('HALITE_SCRATCH') ~ '/out' %}
{% set arc = opts['file_roots']['base'][0] ~ '/arc' %}
salt_tgz:
  archive.extracted:
    - name: {{ d }}/salt_tgz
    - source: salt://arc/app.tar.gz
    - skip_verify: True
salt_tgz_again:
  archive.extracted:
    - name: {{ d }}/salt_tgz
    - source: salt://arc/app.tar.gz
    - skip_verify: True
    - keep_source: False
local_tar:
  archive.extracted:
    - name: {{ d }}/local_tar/
    - source: {{ arc }}/app.tar
bz2_bad_hash:
  archive.extracted:
    - name: {{ d }}/bz2
    - source: file://{{ arc }}/app.tar.bz2
    - source_hash: sha256=0000000000000000000000000000000000000000000000000000000000000000
bz2_good_hash:
  archive.extracted:
    - name: {{ d }}/bz2
    - source: file://{{ arc }}/app.tar.bz2
    - source_hash: sha256=6ac6c238a6ee8ba125a48de0f356aa61b7123b4cfd69ab7b7bbbbe338f5dfb30
xz_trimmed:
  archive.extracted:
    - name: {{ d }}/xz
    - source: {{ arc }}/app.tar.xz
    - trim_output: 2
multi_enforced:
  archive.extracted:
    - name: {{ d }}/multi
    - source: {{ arc }}/multi.tar.gz
multi_no_enforce:
  archive.extracted:
    - name: {{ d }}/multi
    - source: {{ arc }}/multi.tar.gz
    - enforce_toplevel: False
zip:
  archive.extracted:
    - name: {{ d }}/zip
    - source: {{ arc }}/app.zip
zip_again:
  archive.extracted:
    - name: {{ d }}/zip
    - source: {{ arc }}/app.zip
zip_trimmed:
  archive.extracted:
    - name: {{ d }}/zip2
    - source: {{ arc }}/app.zip
    - trim_output: 3
if_missing_present:
  archive.extracted:
    - name: {{ d }}/ifm
    - source: {{ arc }}/app.tar
    - if_missing: /tmp
if_missing_relative:
  archive.extracted:
    - name: {{ d }}/ifm
    - source: {{ arc }}/app.tar
    - if_missing: tmp
tar_options:
  archive.extracted:
    - name: {{ d }}/opts
    - source: {{ arc }}/app.tar.gz
    - options: z --strip-components=1
    - enforce_toplevel: False
relative_name:
  archive.extracted:
    - name: relative/dir
    - source: {{ arc }}/app.tar
missing_local_source:
  archive.extracted:
    - name: {{ d }}/missing
    - source: {{ arc }}/nope.tar
missing_salt_source:
  archive.extracted:
    - name: {{ d }}/missing
    - source: salt://arc/nope.tar
    - skip_verify: true
no_format:
  archive.extracted:
    - name: {{ d }}/nofmt
    - source: salt://top.sls
bad_format:
  archive.extracted:
    - name: {{ d }}/nofmt
    - source: {{ arc }}/app.tar
    - archive_format: cpio
broken_tar:
  archive.extracted:
    - name: {{ d }}/broken
    - source: {{ arc }}/broken.tar
clean_overwrite:
  archive.extracted:
    - name: {{ d }}/local_tar
    - source: {{ arc }}/app.tar
    - clean: True
    - overwrite: True
make_wrong_type:
  file.managed:
    - name: {{ d }}/wrongtype/app/sub
    - contents: not a dir
    - makedirs: True
wrong_type_no_force:
  archive.extracted:
    - name: {{ d }}/wrongtype
    - source: {{ arc }}/app.tar
wrong_type_force:
  archive.extracted:
    - name: {{ d }}/wrongtype
    - source: {{ arc }}/app.tar
    - force: True
owner_root:
  archive.extracted:
    - name: {{ d }}/owned
    - source: {{ arc }}/app.tar
    - user: root
    - group: root
no_such_user:
  archive.extracted:
    - name: {{ d }}/owned
    - source: {{ arc }}/app.tar
    - user: halitetest-nosuchuser
is_a_file:
  archive.extracted:
    - name: {{ arc }}/app.tar
    - source: {{ arc }}/app.tar
