"""Events are append-only: the database itself refuses UPDATE and DELETE on games_event."""

from django.db import migrations

POSTGRES_UP = """
CREATE OR REPLACE FUNCTION games_event_refuse_change() RETURNS trigger AS $$
BEGIN
    -- No percent placeholder here: Django would take it for a query parameter.
    RAISE EXCEPTION USING MESSAGE = 'games_event is append-only: ' || TG_OP || ' refused';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER games_event_append_only
    BEFORE UPDATE OR DELETE ON games_event
    FOR EACH ROW EXECUTE FUNCTION games_event_refuse_change();
"""
POSTGRES_DOWN = """
DROP TRIGGER IF EXISTS games_event_append_only ON games_event;
DROP FUNCTION IF EXISTS games_event_refuse_change();
"""
SQLITE_UP = [
    """CREATE TRIGGER games_event_no_update BEFORE UPDATE ON games_event
       BEGIN SELECT RAISE(ABORT, 'games_event is append-only: UPDATE refused'); END;""",
    """CREATE TRIGGER games_event_no_delete BEFORE DELETE ON games_event
       BEGIN SELECT RAISE(ABORT, 'games_event is append-only: DELETE refused'); END;""",
]
SQLITE_DOWN = ["DROP TRIGGER IF EXISTS games_event_no_update;", "DROP TRIGGER IF EXISTS games_event_no_delete;"]


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(POSTGRES_UP)
    elif schema_editor.connection.vendor == "sqlite":
        for statement in SQLITE_UP:
            schema_editor.execute(statement)
    else:
        raise NotImplementedError(f"no append-only trigger for {schema_editor.connection.vendor}")


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(POSTGRES_DOWN)
    elif schema_editor.connection.vendor == "sqlite":
        for statement in SQLITE_DOWN:
            schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]
    operations = [migrations.RunPython(forwards, backwards)]
