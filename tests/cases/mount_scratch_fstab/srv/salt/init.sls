{%- set fstab = opts.cachedir ~ '/fstab' %}
{% include 'fstab.jinja' %}
unmount-persist:
  mount.unmounted:
    - name: /halitetest-svc-mnt
    - persist: True
    - config: {{ fstab }}
    - require:
      - file: fstab-file
unmount-wrong-device:
  mount.unmounted:
    - name: /halitetest-svc-mnt2
    - device: /dev/other
    - persist: True
    - config: {{ fstab }}
    - require:
      - file: fstab-file
unmount-not-listed:
  mount.unmounted:
    - name: /halitetest-svc-none
    - persist: True
    - config: {{ fstab }}
unmount-plain:
  mount.unmounted:
    - name: /halitetest-svc-none
