{% set region = params.get('region', 'us-east-1') %}
{% set unused = params.get('unused_param') %}
{% set prefix = params.get('naming').get('prefix') %}
bucket-a:
  aws.s3.bucket.present:
    - name: {{ prefix }}-a
    - region: {{ region }}
bucket-b:
  aws.s3.bucket.present:
    - name: {{ prefix }}-b
    - region: {{ region }}
