Assure Resource Group Present {{ params.get('rg_name').get('your_rg') }}:
  azure.resource_management.resource_groups.present:
    - resource_group_name: {{ params.get('rg_name').get('your_rg') }}
    - parameters:
        location: {{ params['locations'][4].name }}
  META:
    params:
      rg_name:
        properties:
          your_rg: {}
      locations: {}

plain-{{ params.get('suffix', 'x') }}:
  test.nop: []
