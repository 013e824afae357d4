{%- import_yaml 'formula/defaults.yaml' as default_settings %}
{%- set os_family_map = salt['grains.filter_by']({
    'Debian': {'pkg': 'demo-debian'},
    'RedHat': {'pkg': 'demo-redhat'},
  }, grain='os_family', merge=salt['pillar.get']('formula:lookup')) %}
{%- do default_settings.formula.update(os_family_map) %}
{%- set formula = salt['pillar.get']('formula', default=default_settings.formula, merge=True) %}
demo-pkg:
  pkg.installed:
    - name: {{ formula.pkg }}
demo-config:
  file.managed:
    - name: {{ formula.config }}
    - contents: |
        {{ formula.options | yaml(False) | indent(8) }}
