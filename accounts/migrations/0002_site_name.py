"""Name the site Moonweb (allauth's emails say "[example.com]" otherwise), on SITE_URL's host."""

from urllib.parse import urlsplit

from django.conf import settings
from django.db import migrations


def name_site(apps, schema_editor):
    Site = apps.get_model("sites", "Site")
    domain = urlsplit(settings.SITE_URL).netloc or "moonweb.localhost"
    Site.objects.update_or_create(id=settings.SITE_ID, defaults={"domain": domain, "name": "Moonweb"})


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
        ("sites", "0002_alter_domain_unique"),
    ]

    operations = [migrations.RunPython(name_site, migrations.RunPython.noop)]
