{%- set fstab = opts.cachedir ~ '/fstab' %}
{% include 'fstab.jinja' %}
not-mounted-new-entry:
  mount.mounted:
    - name: {{ opts.cachedir }}
    - device: /dev/halitetest-svc-disk3
    - fstype: ext4
    - mount: False
    - config: {{ fstab }}
    - require:
      - file: fstab-file
not-mounted-changed-entry:
  mount.mounted:
    - name: /halitetest-svc-mnt2
    - device: /dev/halitetest-svc-disk2
    - fstype: ext4
    - opts: noatime,nodev
    - dump: 1
    - mount: False
    - config: {{ fstab }}
    - require:
      - file: fstab-file
not-mounted-same-entry:
  mount.mounted:
    - name: /halitetest-svc-mnt
    - device: /dev/halitetest-svc-disk
    - fstype: ext4
    - pass_num: 2
    - mount: False
    - config: {{ fstab }}
    - require:
      - file: fstab-file
tmpfs-by-name:
  mount.mounted:
    - name: /halitetest-svc-tmp
    - device: tmpfs
    - fstype: tmpfs
    - opts: [size=1m, mode=0700]
    - mount: False
    - config: {{ fstab }}
    - require:
      - file: fstab-file
missing-config:
  mount.mounted:
    - name: /halitetest-svc-mnt
    - device: /dev/halitetest-svc-disk
    - fstype: ext4
    - mount: False
    - config: {{ opts.cachedir }}/no-such-fstab
