META:
  description: top level meta
  version: 2

net:
  azure.network.present:
    - name: {{ params.get('net').get('name') }}
    - cidr: {{ params.get('net').get('cidr').get('v4') }}
    - opaque: {{ params.get('opaque').get('anything') }}
    - undeclared: {{ params.get('undeclared') }}
    - items: {{ params['subnets'][1].get('cidr') }}
  META:
    name: net meta
    params:
      net:
        properties:
          name:
            type: string
          cidr:
            properties:
              v4: {}
      opaque:
        type: object
      subnets:
        items:
          properties:
            cidr: {}
nometa:
  test.present:
    - v: {{ params.get('net').get('name') }}
